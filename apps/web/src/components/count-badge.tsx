import { Badge } from 'antd';

/** The menu's count pill: hidden at zero, capped at 99+, coloured by urgency. */
export function CountBadge({ count, tone = 'danger' }: { count: number; tone?: 'danger' | 'warning' }) {
  if (!count) return null;
  return (
    <Badge
      count={count}
      overflowCount={99}
      color={tone === 'danger' ? '#C62828' : '#B45309'}
      style={{ boxShadow: 'none' }}
    />
  );
}
