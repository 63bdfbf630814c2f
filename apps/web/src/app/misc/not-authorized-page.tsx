import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  return <StatusPage status="403" title={t('misc.notAuthorizedTitle')} text={t('misc.notAuthorizedText')} />;
}
