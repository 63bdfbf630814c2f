import { useTranslation } from 'react-i18next';
import { BRAND } from '@/lib/brand';

interface BrandLogoProps {
  /** Show the "Cacifo" word next to the mark. */
  withName?: boolean;
  size?: number;
  /** Colour of the word; the mark keeps the brand colours. */
  color?: string;
}

/** The Cacifo mark: a bank of lockers with one door ajar. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={BRAND.primary} />
      <rect x="7" y="7" width="8" height="8" rx="1.6" fill="#fff" opacity="0.95" />
      <rect x="17" y="7" width="8" height="8" rx="1.6" fill="#fff" opacity="0.95" />
      <rect x="7" y="17" width="8" height="8" rx="1.6" fill="#fff" opacity="0.95" />
      <rect x="17" y="17" width="8" height="8" rx="1.6" fill={BRAND.accent} />
      <circle cx="23" cy="21" r="1" fill={BRAND.primary} />
    </svg>
  );
}

export function BrandLogo({ withName = true, size = 32, color }: BrandLogoProps) {
  const { t } = useTranslation();
  return (
    <span className="brand-logo" style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <BrandMark size={size} />
      {withName && (
        <span
          className="brand-logo-name"
          style={{ fontWeight: 700, fontSize: size * 0.62, letterSpacing: '-0.01em', color }}
        >
          {t('app.name')}
        </span>
      )}
    </span>
  );
}
