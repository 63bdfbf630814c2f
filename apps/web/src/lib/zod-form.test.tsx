import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { Form, Input, InputNumber, type FormInstance } from 'antd';
import { z } from 'zod';
import { percentageSchema, pinSchema } from '@cacifo/contract/validation';
import { recheckOnChange, showServerErrors, validateWith } from './zod-form';

const schema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  pin: pinSchema,
  iva: percentageSchema,
  note: z.string().optional(),
});
const texts: Record<string, string> = {
  'validation.required': 'Campo obrigatório.',
  'validation.pin': 'O PIN deve ter exatamente 4 dígitos.',
  'validation.percentage': 'Introduza um valor entre 0 e 100.',
  'validation.invalid': 'Valor inválido.',
  'errors.invalidInput': 'Dados inválidos.',
};
const tr = (k: string) => texts[k] ?? k;

function renderForm(): FormInstance {
  let instance: FormInstance | undefined;
  function Harness() {
    const [form] = Form.useForm();
    instance = form;
    return (
      <Form form={form} onValuesChange={recheckOnChange(form)}>
        <Form.Item name="name">
          <Input />
        </Form.Item>
        <Form.Item name="pin">
          <Input />
        </Form.Item>
        <Form.Item name="iva">
          <InputNumber />
        </Form.Item>
        <Form.Item name="note">
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<Harness />);
  return instance!;
}

/** What the user does: types into the input (antd's own change path, onValuesChange included). */
async function type(name: string, value: string) {
  const input = document.getElementById(name) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}

const errorsOf = (form: FormInstance) =>
  Object.fromEntries(
    form
      .getFieldsError()
      .filter((f) => f.errors.length)
      .map((f) => [String(f.name[0]), f.errors]),
  );

afterEach(cleanup);

describe('validateWith', () => {
  it('says "Campo obrigatório." for every empty required field, whatever rule it broke', async () => {
    const form = renderForm();
    let out: unknown;
    await act(async () => {
      out = validateWith(form, schema, { name: '  ', pin: '', iva: null }, tr);
    });
    expect(out).toBeNull();
    expect(errorsOf(form)).toEqual({
      name: ['Campo obrigatório.'],
      pin: ['Campo obrigatório.'],
      iva: ['Campo obrigatório.'],
    });
  });

  it('refuses 150 with the 0-100 message and drops errors of fields that now pass', async () => {
    const form = renderForm();
    await act(async () => {
      validateWith(form, schema, { name: '', pin: '12', iva: 150 }, tr);
    });
    expect(errorsOf(form)).toMatchObject({ iva: ['Introduza um valor entre 0 e 100.'] });
    await act(async () => {
      validateWith(form, schema, { name: 'Ana', pin: '1234', iva: 150 }, tr);
    });
    expect(errorsOf(form)).toEqual({ iva: ['Introduza um valor entre 0 e 100.'] });
  });

  it('clears a field error as soon as the field is corrected, and keeps it while it is still wrong', async () => {
    const form = renderForm();
    await act(async () => {
      validateWith(form, schema, { name: '', pin: '12', iva: 150 }, tr);
    });
    await type('pin', '123');
    expect(errorsOf(form).pin).toEqual(['O PIN deve ter exatamente 4 dígitos.']);
    await type('pin', '1234');
    expect(errorsOf(form).pin).toBeUndefined();
    await type('iva', '23');
    expect(errorsOf(form).iva).toBeUndefined();
    // Untouched fields keep theirs.
    expect(errorsOf(form).name).toEqual(['Campo obrigatório.']);
    await type('name', 'Ana');
    expect(errorsOf(form)).toEqual({});
  });
});

describe('showServerErrors', () => {
  it('puts L41 on the PIN only, and the PIN loses it when edited', async () => {
    const form = renderForm();
    let shown = false;
    await act(async () => {
      shown = showServerErrors(form, { code: 'L41', data: null, message: 'PIN em uso.' }, tr, { L41: 'pin' });
    });
    expect(shown).toBe(true);
    expect(errorsOf(form)).toEqual({ pin: ['PIN em uso.'] });
    await type('name', 'Ana');
    expect(errorsOf(form)).toEqual({ pin: ['PIN em uso.'] });
    await type('pin', '4321');
    expect(errorsOf(form)).toEqual({});
  });

  it('puts invalidInput field errors on their fields and reports what it could not show', async () => {
    const form = renderForm();
    let shown = true;
    await act(async () => {
      shown = showServerErrors(
        form,
        { code: 'invalidInput', data: { 'body.iva': 'validation.percentage' }, message: '' },
        tr,
      );
    });
    expect(shown).toBe(true);
    expect(errorsOf(form)).toEqual({ iva: ['Introduza um valor entre 0 e 100.'] });
    await act(async () => {
      shown = showServerErrors(
        form,
        { code: 'invalidInput', data: { 'body.elsewhere': 'validation.required' }, message: '' },
        tr,
      );
    });
    // No field of this form shows it: the caller must show a message instead.
    expect(shown).toBe(false);
    expect(
      showServerErrors(form, { code: 'L41', data: null, message: 'x' }, tr, { L41: 'missingField' }),
    ).toBe(false);
  });

  it('an error that depends on another field goes when that field is corrected (a check across fields)', async () => {
    const form = renderForm();
    // "note" must not be longer than "name": the error sits on note, the fix may be made in name.
    const across = z
      .object({ name: z.string(), note: z.string() })
      .refine((v) => v.note.length <= v.name.length, { path: ['note'], message: 'validation.invalid' });
    await type('name', 'ab');
    await type('note', 'abcd');
    const reread = () => form.getFieldsValue(true) as unknown;
    await act(async () => {
      validateWith(form, across, form.getFieldsValue(true), tr, {}, reread);
    });
    expect(errorsOf(form)).toEqual({ note: ['Valor inválido.'] });
    await type('name', 'abc');
    // Still too long: the error stays.
    expect(errorsOf(form)).toEqual({ note: ['Valor inválido.'] });
    await type('name', 'abcdef');
    expect(errorsOf(form)).toEqual({});
  });
});
