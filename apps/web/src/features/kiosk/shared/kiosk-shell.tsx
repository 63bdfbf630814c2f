import type { ReactNode } from 'react';
import { KIOSK_LANGUAGES, useKioskText } from '../kiosk-text';
import '../components/kiosk.css';

/**
 * The frame of every kiosk wall (delivery, marketplace, office): the brand, the place and the four
 * language buttons on top, the screen below filling the rest of a portrait 1080x1920 panel. It has
 * no link anywhere else: nothing of the back-office is reachable from a wall.
 */
export function KioskShell({ placeName, children }: { placeName?: string; children: ReactNode }) {
  const { language, setLanguage, languageName } = useKioskText();
  return (
    <div className="kiosk" lang={language} data-testid="kiosk">
      <header className="kiosk-header">
        <div>
          <div className="kiosk-brand">Cacifo</div>
          {placeName && <div className="kiosk-place">{placeName}</div>}
        </div>
        <nav className="kiosk-languages" aria-label="Language">
          {KIOSK_LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              className={l === language ? 'active' : ''}
              aria-pressed={l === language}
              onClick={() => setLanguage(l)}
              data-testid={`kiosk-lang-${l}`}
            >
              {languageName(l)}
            </button>
          ))}
        </nav>
      </header>
      <main className="kiosk-main">{children}</main>
    </div>
  );
}
