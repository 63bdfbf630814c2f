import type { KioskScreen, KioskTask } from '@cacifo/contract/schemas/kiosk';
import { useKioskText } from '../kiosk-text';

/**
 * The start of a wall: welcome, the operator's notice, and one very large button per task of this
 * place, stacked to fill the height of the portrait screen (the first one, the most common, stands out).
 */
export function KioskHome({ place, onTask }: { place: KioskScreen; onTask: (task: KioskTask) => void }) {
  const { t } = useKioskText();
  return (
    <section className="kiosk-home">
      <div className="kiosk-welcome">
        <h1>{t('welcome')}</h1>
        <p className="kiosk-lead">{t('chooseTask')}</p>
      </div>
      {place.message && (
        <p className="kiosk-message" data-testid="kiosk-message">
          {place.message}
        </p>
      )}
      {place.tasks.length === 0 && <p className="kiosk-error">{t('errors.noTasks')}</p>}
      <div className="kiosk-tasks">
        {place.tasks.map((task, i) => (
          <button
            key={task}
            type="button"
            className={i === 0 ? 'primary' : ''}
            onClick={() => onTask(task)}
            data-testid={`kiosk-task-${task}`}
          >
            <strong>{t(`task.${task}`)}</strong>
            <span>{t(`task.${task}Hint`)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
