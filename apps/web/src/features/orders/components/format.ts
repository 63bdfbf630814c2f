export { formatDateTime } from '@/lib/format-date';
