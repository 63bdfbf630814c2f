import type { FormInstance } from 'antd';
import type { z } from 'zod';

type NamePath = (string | number)[];

/**
 * Shared by every feature's forms.
 *
 * Validates form values with the contract's zod schema (the same one the server uses) and puts
 * each issue on its field; issue messages are `validation.*` translation keys.
 */
export function validateWith<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  values: unknown,
  translate: (key: string) => string,
  /** Schema field -> form field, where the form edits a value in another shape (euros vs cents). */
  rename: Record<string, string> = {},
): z.infer<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const byField = new Map<string, { name: NamePath; errors: string[] }>();
  for (const issue of result.error.issues) {
    const name = issue.path
      .filter((p): p is string | number => typeof p !== 'symbol')
      .map((p) => (typeof p === 'string' ? (rename[p] ?? p) : p));
    const key = JSON.stringify(name);
    const entry = byField.get(key) ?? { name, errors: [] };
    const text = issue.message.startsWith('validation.')
      ? translate(issue.message)
      : translate('validation.invalid');
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
  return null;
}

/**
 * Puts a failed save on the form: field errors of `invalidInput` (`body.<field>` -> key) and the
 * codes that belong to one field. Returns false when the error is not about a field.
 */
export function showServerErrors(
  form: FormInstance,
  error: { code: string; data: unknown; message: string } | null,
  translate: (key: string) => string,
  fieldOf: Record<string, string> = {},
): boolean {
  if (!error) return false;
  if (error.code === 'invalidInput' && error.data && typeof error.data === 'object') {
    const fields = Object.entries(error.data as Record<string, string>).map(([path, msg]) => ({
      name: path.replace(/^body\./, '').split('.'),
      errors: [msg.startsWith('validation.') ? translate(msg) : translate('errors.invalidInput')],
    }));
    if (fields.length) form.setFields(fields);
    return fields.length > 0;
  }
  const field = fieldOf[error.code];
  if (!field) return false;
  form.setFields([{ name: field, errors: [error.message] }]);
  return true;
}
