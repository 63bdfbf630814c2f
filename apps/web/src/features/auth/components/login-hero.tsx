import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-logo';
import { LoginIcon } from './login-icons';

const DOORS = [
  'free',
  'busy',
  'free',
  'busy',
  'busy',
  'free',
  'open',
  'free',
  'free',
  'busy',
  'free',
  'busy',
] as const;

/** Decorative side of the login page: hidden from assistive tech except its text. */
export function LoginHero() {
  const { t } = useTranslation();
  return (
    <aside className="login-hero">
      <div className="login-hero-inner">
        <div className="login-hero-brand">
          <BrandMark size={44} />
          <span>{t('app.name')}</span>
        </div>
        <div className="login-lockers" aria-hidden="true">
          {DOORS.map((kind, i) => (
            <div key={i} className={`login-locker login-locker-${kind}`}>
              <span className="login-locker-number">{i + 1}</span>
              <span className="login-locker-handle" />
            </div>
          ))}
        </div>
        <h2 className="login-hero-title">{t('auth.heroTitle')}</h2>
        <p className="login-hero-text">{t('auth.heroText')}</p>
        <ul className="login-hero-points">
          {(['heroPoint1', 'heroPoint2', 'heroPoint3'] as const).map((k) => (
            <li key={k}>
              <LoginIcon name="checkCircle" className="login-hero-check" /> {t(`auth.${k}`)}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
