import type { TFunction } from 'i18next';
import { euros } from './money';

/**
 * The marketplace log's details, readable (issue #26): the server stores what changed as JSON
 * (`{"priceCents":{"from":600,"to":700}}`, or a price pack's `from` and `to` records); this says
 * "Preço com IVA 6,00 € → 7,00 €", with field names translated and values in their units. Internal
 * fields (ids, dates) are left out.
 */
type Field = { label: string; value: (v: unknown) => string };

const HIDDEN = new Set(['id', 'createdAt', 'updatedAt']);

function fields(t: TFunction): Record<string, Field> {
  const plain = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  const money: Field['value'] = (v) => (typeof v === 'number' ? euros(v) : plain(v));
  const minutes: Field['value'] = (v) =>
    typeof v === 'number' ? t('marketplace.common.minutes', { count: v }) : plain(v);
  const yesNo: Field['value'] = (v) =>
    typeof v === 'boolean' || v === 0 || v === 1
      ? t(v ? 'marketplace.logs.yes' : 'marketplace.logs.no')
      : plain(v);
  return {
    name: { label: t('marketplace.prices.name'), value: plain },
    code: { label: t('marketplace.vouchers.code'), value: plain },
    type: { label: t('marketplace.prices.type'), value: plain },
    hours: { label: t('marketplace.prices.hours'), value: plain },
    priceCents: { label: t('marketplace.prices.priceGross'), value: money },
    priceNetCents: { label: t('marketplace.prices.priceNet'), value: money },
    enabled: { label: t('marketplace.common.enabled'), value: yesNo },
    freeMode: { label: t('marketplace.settings.freeMode'), value: yesNo },
    captiveDepositCents: { label: t('marketplace.logs.captive'), value: money },
    ivaPercent: {
      label: t('marketplace.logs.iva'),
      value: (v) => (typeof v === 'number' ? `${v} %` : plain(v)),
    },
    safeTimeMinutes: { label: t('marketplace.logs.safeTime'), value: minutes },
    pendingMinutes: { label: t('marketplace.logs.pending'), value: minutes },
    parkOpening: { label: t('marketplace.logs.parkOpening'), value: plain },
    parkClosing: { label: t('marketplace.logs.parkClosing'), value: plain },
    guestOpening: { label: t('marketplace.logs.guestOpening'), value: plain },
    guestClosing: { label: t('marketplace.logs.guestClosing'), value: plain },
  };
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && 'from' in v && 'to' in v;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** One line per logged change; the raw text when it is not the JSON the server writes. */
export function logDetailsText(details: string | null, t: TFunction): string {
  if (!details) return '—';
  let data: unknown;
  try {
    data = JSON.parse(details);
  } catch {
    return details;
  }
  if (!isRecord(data)) return details;
  const known = fields(t);
  const show = (key: string, v: unknown) => (known[key] ? known[key].value(v) : String(v));
  const name = (key: string) => known[key]?.label ?? key;
  const parts: string[] = [];
  // A price pack edit: the pack before and after; only what differs is named.
  if (isRecord(data.from) && isRecord(data.to)) {
    const before = data.from;
    const after = data.to;
    parts.push(show('name', after.name ?? before.name));
    for (const key of Object.keys(known)) {
      if (key === 'name' && before.name === after.name) continue;
      if (!(key in after) || before[key] === after[key]) continue;
      parts.push(`${name(key)} ${show(key, before[key])} → ${show(key, after[key])}`);
    }
    return parts.join(' · ');
  }
  for (const [key, value] of Object.entries(data)) {
    if (HIDDEN.has(key) || !(key in known)) continue;
    if (isChange(value)) {
      parts.push(
        value.from === null || value.from === undefined
          ? `${name(key)} ${show(key, value.to)}`
          : `${name(key)} ${show(key, value.from)} → ${show(key, value.to)}`,
      );
    } else if (key === 'name' || key === 'code') {
      parts.push(show(key, value));
    } else {
      parts.push(`${name(key)} ${show(key, value)}`);
    }
  }
  return parts.length ? parts.join(' · ') : '—';
}
