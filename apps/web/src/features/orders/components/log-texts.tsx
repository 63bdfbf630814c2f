import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { orderActions, type OrderAction } from '@cacifo/contract/codes/order';
import type { OrderLog } from '@cacifo/contract/schemas/orders';

/** What a history row can say happened: an action of the order state machine, or its creation. */
const LOGGED_ACTIONS: ReadonlySet<string> = new Set([...orderActions, 'create']);
const isLoggedAction = (a: string): a is OrderAction | 'create' => LOGGED_ACTIONS.has(a);

/** Door outcomes a log row's description may hold (the door command's outcome, docs/devices.md). */
const OUTCOMES = ['opened', 'alreadyOpen', 'jammed', 'failed', 'offline', 'import'] as const;
const isOutcome = (d: string): d is (typeof OUTCOMES)[number] => (OUTCOMES as readonly string[]).includes(d);
const FAILED = ['jammed', 'failed', 'offline'];

/** A door that was tried and did not open: logged with the state unchanged and the outcome. */
const isFailedAttempt = (log: OrderLog) =>
  log.fromState === log.state && FAILED.includes(log.description ?? '');

/** The action of a history row in the reader's language, marked when its door did not open. */
export function LogAction({ log }: { log: OrderLog }) {
  const { t } = useTranslation();
  // Typed by the contract's table of actions: an action without its text fails the type check.
  const label = isLoggedAction(log.action) ? t(`orders.logAction.${log.action}`) : log.action;
  return (
    <Space size={4} wrap>
      <span>{label}</span>
      {isFailedAttempt(log) && (
        <Tag color="red" data-testid="log-failed">
          {t('orders.logOutcome.notOpened')}
        </Tag>
      )}
    </Space>
  );
}

/** The details of a history row: door outcomes translated, other text (a place and door) as written. */
export function useLogDetail() {
  const { t } = useTranslation();
  return (d: string | null) => (d && isOutcome(d) ? t(`orders.logOutcome.${d}`) : (d ?? ''));
}
