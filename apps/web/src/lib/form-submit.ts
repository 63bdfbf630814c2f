import { useRef, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { bindToForm, type FormBinding } from './mutation-feedback';
import { validateWith } from './zod-form';
import { runtimeKey } from './i18n-keys';

/** The record a form edits, as read: its identity and its `updatedAt`. */
interface ReadVersion {
  of: unknown;
  updatedAt: string | null;
}

/**
 * The version a form's edits start from. A refetch of the same record while the user has not typed
 * yet (the fields follow the record) brings its new version; once they have typed, the version
 * stays the one they started from, so another's save in between is refused, not overwritten. A
 * successful save lets the next read in.
 */
function useHeldVersion(form: FormInstance, version: ReadVersion | null | undefined) {
  const [held, setHeld] = useState<ReadVersion | null>(version ?? null);
  let next = held;
  if (!version) next = null;
  else if (!held || held.of !== version.of) next = version;
  else if (held.updatedAt !== version.updatedAt && !form.isFieldsTouched()) next = version;
  // Adjusting state while rendering (React's "information from previous renders" pattern).
  if (next !== held) setHeld(next);
  return [next, setHeld] as const;
}

/** The `updatedAt` in a save's reply: the record's own, or that of the record it wraps (`{ Place }`). */
function replyVersion(data: unknown): string | null {
  if (data === null || typeof data !== 'object') return null;
  const own = (data as { updatedAt?: unknown }).updatedAt;
  if (typeof own === 'string') return own;
  for (const v of Object.values(data)) {
    const inner = v !== null && typeof v === 'object' ? (v as { updatedAt?: unknown }).updatedAt : null;
    if (typeof inner === 'string') return inner;
  }
  return null;
}

export interface FormSubmitOptions<S extends z.ZodType, V, D> extends Omit<FormBinding, 'form'> {
  /**
   * The contract's schema of what is sent (the server checks the same one), or its lazy import
   * (`lib/contract-schemas`), which keeps zod out of the page's first load.
   */
  schema: S | (() => Promise<S>);
  /** Form values -> what the schema checks (euros to cents, a range to two dates). Default: as they are. */
  values?: (formValues: Record<string, unknown>) => unknown;
  /** What passed the schema -> the mutation's variables (add the id being edited). Default: as it is. */
  variables?: (parsed: z.infer<S>) => V;
  /**
   * Editing a record: which one (`of`, its id) and its `updatedAt` (undefined for a new record). The
   * version the editor started from is sent as `updatedAt`, so a save over someone else's newer one
   * is refused (staleVersion, docs/adr/0027) and the MutationCache offers to reload.
   */
  version?: ReadVersion | null | undefined;
  /** After the server said yes (close the dialog, reset the form). The message is the mutation's. */
  onSuccess?: (data: D, variables: V) => void;
}

/**
 * A form's save, the one way every form does it (docs/adr/0060-mutation-feedback.md):
 * - checks the values with the contract's schema; errors go on their fields (`validateWith`) and
 *   leave again as each field is corrected (`recheckOnChange` on the Form);
 * - runs the mutation once: a second submit (double click, Enter held down) while the first runs
 *   is ignored, and `pending` disables the button (`loading={pending}`);
 * - a refusal from the server lands on the fields it names (invalidInput, or `fieldOf` codes such
 *   as L41 -> pin), anything else is said once by the MutationCache, as is the success.
 *
 * ```tsx
 * const save = useSaveVoucher(); // meta: { success: 'marketplace.saved.voucher' }
 * const { submit, pending } = useFormSubmit(form, save, {
 *   schema: createVoucherSchema,
 *   fieldOf: { voucherCodeExists: 'code' },
 *   onSuccess: onClose,
 * });
 * <Form form={form} onValuesChange={recheckOnChange(form)} onFinish={submit}>
 *   ...<Button htmlType="submit" loading={pending}>Guardar</Button>
 * ```
 */
export function useFormSubmit<S extends z.ZodType, V, D>(
  form: FormInstance,
  mutation: Pick<UseMutationResult<D, Error, V>, 'mutateAsync' | 'isPending'>,
  options: FormSubmitOptions<S, V, D>,
): { submit: () => Promise<void>; pending: boolean } {
  const { t } = useTranslation();
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [held, setHeld] = useHeldVersion(form, options.version);

  const submit = async () => {
    // A ref, not state: the second click of a double click arrives before any re-render.
    if (running.current) return;
    const o = options;
    const raw = form.getFieldsValue(true) as Record<string, unknown>;
    const tr = (k: string) => t(runtimeKey(k));
    running.current = true;
    setPending(true);
    let saved: { data: D; variables: V } | null = null;
    try {
      const schema = typeof o.schema === 'function' ? await o.schema() : o.schema;
      const input = o.values ? o.values(raw) : raw;
      const read = held ? { updatedAt: held.updatedAt } : {};
      const reread = () => {
        const now = form.getFieldsValue(true) as Record<string, unknown>;
        return { ...((o.values ? o.values(now) : now) as object), ...read };
      };
      const parsed = validateWith(form, schema, { ...(input as object), ...read }, tr, o.rename, reread);
      if (parsed === null) return;
      const variables = { ...(o.variables ? o.variables(parsed) : (parsed as V)), ...read } as V;
      const binding = { form, fieldOf: o.fieldOf, rename: o.rename };
      saved = { data: await mutation.mutateAsync(bindToForm(variables, binding)), variables };
    } catch {
      // A refusal is said by the MutationCache (on the fields, or as a message).
      return;
    } finally {
      running.current = false;
      setPending(false);
    }
    if (saved) {
      // Our own save is the version we now hold (the reply says it before the lists refetch).
      const mine = replyVersion(saved.data);
      setHeld(held && mine ? { of: held.of, updatedAt: mine } : null);
      o.onSuccess?.(saved.data, saved.variables);
    }
  };

  return { submit, pending: pending || mutation.isPending };
}

/**
 * Runs `action` at most once at a time: for buttons and confirmations outside a form (delete,
 * release, send). `pending` is for `loading`/`disabled`; calls while it runs are ignored.
 */
export function useSingleFlight<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
): { run: (...args: A) => Promise<void>; pending: boolean } {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await action(...args);
    } catch {
      // The mutation's own feedback said it.
    } finally {
      running.current = false;
      setPending(false);
    }
  };
  return { run, pending };
}
