import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { isBlank, issueMessageKey } from '@cacifo/contract/validation';

type NamePath = (string | number)[];
/** Where a server error code goes on a form: its field, or its field and a message key of its own. */
export type FieldOfCode = string | readonly [field: string, messageKey: string];
type Translate = (key: string) => string;

/** What the last failed check of a form used, so an edited field can be checked again alone. */
interface Check {
  schema: z.ZodType;
  translate: Translate;
  rename: Record<string, string>;
  /** The values as the schema takes them now (the form kit passes it), for checks across fields. */
  reread: (() => unknown) | undefined;
  /** The fields this check put an error on (JSON of the path), as opposed to the server's errors. */
  flagged: Set<string>;
}
const lastCheck = new WeakMap<FormInstance, Check>();

const sameName = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

/** The fields that show an error now (antd only reports registered fields). */
function erroredFields(form: FormInstance): NamePath[] {
  return form
    .getFieldsError()
    .filter((f) => f.errors.length > 0)
    .map((f) => f.name as NamePath);
}

/**
 * Shared by every feature's forms.
 *
 * Validates form values with the contract's zod schema (the same one the server uses) and puts
 * each issue on its field; an empty field that must be filled says "Campo obrigatório." whatever
 * rule it broke (the server says the same). Fields that pass lose the error an earlier try left.
 */
export function validateWith<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  values: unknown,
  translate: Translate,
  /** Schema field -> form field, where the form edits a value in another shape (euros vs cents). */
  rename: Record<string, string> = {},
  /**
   * Reads the values again as `values` was made: with it, an error that depends on another field
   * (a reminder after the end of the window, an end before a start) goes when that other field is
   * corrected, not only when its own field is edited.
   */
  reread?: () => unknown,
): z.infer<S> | null {
  const result = schema.safeParse(values);
  const byField = new Map<string, { name: NamePath; errors: string[] }>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = issue.path
        .filter((p): p is string | number => typeof p !== 'symbol')
        .map((p) => (typeof p === 'string' ? (rename[p] ?? p) : p));
      const key = JSON.stringify(name);
      const entry = byField.get(key) ?? { name, errors: [] };
      const text = translate(issueMessageKey(issue, values));
      if (!entry.errors.includes(text)) entry.errors.push(text);
      byField.set(key, entry);
    }
  }
  const fixed = erroredFields(form)
    .filter((name) => ![...byField.values()].some((f) => sameName(f.name, name)))
    .map((name) => ({ name, errors: [] as string[] }));
  form.setFields([...fixed, ...byField.values()]);
  lastCheck.set(form, { schema, translate, rename, reread, flagged: new Set(byField.keys()) });
  return result.success ? result.data : null;
}

/** The schema of one top-level field of an object schema (through refinements), if it has one. */
function fieldSchema(schema: z.ZodType, field: string): z.ZodType | undefined {
  const def = (schema as unknown as { shape?: Record<string, z.ZodType>; def?: { in?: z.ZodType } }) ?? {};
  const shape = def.shape ?? (def.def?.in as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape?.[field];
}

/**
 * `<Form onValuesChange={recheckOnChange(form)}>`: an error goes as soon as its field is corrected.
 * A field of the last check's schema that holds a plain value is checked again on each change (the
 * error stays, with the current reason, while it is still wrong); any other field with an error, a
 * server one (L41 on the PIN) included, loses it when the user edits it.
 */
export function recheckOnChange(form: FormInstance) {
  return (changed: unknown) => {
    const updates: { name: NamePath; errors: string[] }[] = [];
    const others: NamePath[] = [];
    for (const name of erroredFields(form)) {
      if (changedAt(changed, name)) updates.push({ name, errors: recheck(form, name) });
      else others.push(name);
    }
    // A field not edited keeps its error while the values as a whole still earn it.
    for (const name of others) if (passesNow(form, name)) updates.push({ name, errors: [] });
    if (updates.length) form.setFields(updates);
  };
}

/** Whether the field's error came from the last check and the whole schema no longer finds one. */
function passesNow(form: FormInstance, name: NamePath): boolean {
  const check = lastCheck.get(form);
  const key = JSON.stringify(name);
  if (!check?.reread || !check.flagged.has(key)) return false;
  const result = check.schema.safeParse(check.reread());
  if (result.success) return true;
  return !result.error.issues.some(
    (issue) =>
      JSON.stringify(
        issue.path
          .filter((p): p is string | number => typeof p !== 'symbol')
          .map((p) => (typeof p === 'string' ? (check.rename[p] ?? p) : p)),
      ) === key,
  );
}

function changedAt(changed: unknown, name: NamePath): boolean {
  // antd hands the changed part as a nested partial of the values; a list edit may only carry the
  // edited item, so a change anywhere under the field's first key counts for the whole field.
  const value = changed as Record<string, unknown> | null;
  if (!value || typeof value !== 'object') return false;
  let at: unknown = value;
  for (const part of name) {
    if (at === null || typeof at !== 'object') return true;
    if (!(String(part) in (at as object))) return false;
    at = (at as Record<string, unknown>)[String(part)];
  }
  return true;
}

function recheck(form: FormInstance, name: NamePath): string[] {
  const check = lastCheck.get(form);
  if (!check || name.length !== 1) return [];
  const field = String(name[0]);
  if (Object.values(check.rename).includes(field)) return [];
  const schema = fieldSchema(check.schema, field);
  const value: unknown = form.getFieldValue(name);
  const plain =
    value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
  if (!schema || !plain) return [];
  const result = schema.safeParse(typeof value === 'string' && isBlank(value) ? undefined : value);
  if (result.success) return [];
  const issue = result.error.issues[0];
  return issue ? [check.translate(issueMessageKey({ ...issue, path: [] }, value))] : [];
}

/** `body.texts.0.pt` -> ['texts', 0, 'pt'] (antd wants list indexes as numbers). */
function serverFieldName(path: string, rename: Record<string, string>): NamePath {
  return path
    .replace(/^(body|query|params)\./, '')
    .split('.')
    .map((p, i) => (/^\d+$/.test(p) ? Number(p) : i === 0 ? (rename[p] ?? p) : p));
}

/**
 * Puts a failed save on the form: field errors of `invalidInput` on the fields they name, and the
 * codes that belong to one field (L41 -> the PIN) on that field only. Returns false when no field
 * of this form could show it, so the caller shows it as a message instead.
 */
export function showServerErrors(
  form: FormInstance,
  error: { code: string; data: unknown; message: string } | null,
  translate: Translate,
  /** Code -> its field, or [field, message key] where the field says it better than the code's text. */
  fieldOf: Record<string, FieldOfCode> = {},
  /** Server field -> form field, as for validateWith. */
  rename: Record<string, string> = {},
): boolean {
  if (!error) return false;
  const registered = form.getFieldsError().map((f) => f.name as NamePath);
  const onForm = (name: NamePath) => registered.some((r) => sameName(r, name));
  if (error.code === 'invalidInput' && error.data && typeof error.data === 'object') {
    const fields = Object.entries(error.data as Record<string, string>)
      .map(([path, msg]) => ({
        name: serverFieldName(path, rename),
        errors: [msg.startsWith('validation.') ? translate(msg) : translate('errors.invalidInput')],
      }))
      .filter((f) => onForm(f.name));
    if (fields.length) form.setFields(fields);
    return fields.length > 0;
  }
  const target = fieldOf[error.code];
  const [field, key] = typeof target === 'string' ? [target, null] : (target ?? [null, null]);
  if (!field || !onForm([field])) return false;
  form.setFields([{ name: field, errors: [key ? translate(key) : error.message] }]);
  return true;
}
