import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';

/** Scroll-to-top button; its own chunk (antd's float button), loaded after the shell. */
export default function BackToTop() {
  const { t } = useTranslation();
  return (
    <FloatButton.BackTop
      visibilityHeight={160}
      tooltip={t('footer.scrollTop')}
      aria-label={t('footer.scrollTop')}
      data-testid="scroll-top"
    />
  );
}
