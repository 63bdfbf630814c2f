import { ADMIN_LOG_ACTION } from '@cacifo/contract';
import { nowIso } from '../db/helpers.js';
import { hashSecret, randomPassword } from '../lib/secrets.js';
import type { DemoContext } from './seed-types.js';

const FAQS: Record<'pt' | 'en', Array<[string, string]>> = {
  pt: [
    [
      'Como levanto a minha encomenda?',
      'Introduza no ecrã o PIN que recebeu por SMS ou mostre o código QR. A porta do cacifo abre-se sozinha.',
    ],
    ['Quanto tempo fica a encomenda guardada?', 'Até 7 dias. Depois disso é devolvida ao remetente.'],
    ['Perdi o SMS com o PIN. E agora?', 'Contacte o apoio: podemos reenviar o SMS para o mesmo número.'],
    [
      'Posso alugar um cacifo à hora?',
      'Sim, no ecrã escolha "Alugar", o tamanho e o tempo, e pague com cartão ou MB WAY.',
    ],
  ],
  en: [
    [
      'How do I pick up my parcel?',
      'Enter the PIN you got by SMS on the screen, or show the QR code. The locker door opens by itself.',
    ],
    ['How long is my parcel kept?', 'Up to 7 days. After that it goes back to the sender.'],
    ['I lost the SMS with the PIN. What now?', 'Contact support: we can resend the SMS to the same number.'],
  ],
};

const TERMS = {
  pt: 'Termos de utilização dos cacifos Cacifo.\n\n1. O utilizador é responsável pelo conteúdo que guarda.\n2. Não é permitido guardar bens perigosos, perecíveis ou ilegais.\n3. Os objetos não levantados no prazo são removidos.',
  en: 'Cacifo locker terms of use.\n\n1. Users are responsible for what they store.\n2. Dangerous, perishable or illegal goods are not allowed.\n3. Items not collected in time are removed.',
};

/** Administration demo data: FAQs, terms, projects, a second store employee and some admin log rows. */
export async function seedDemoAdmin(ctx: DemoContext): Promise<void> {
  const { db } = ctx;
  const now = nowIso();
  for (const [language, faqs] of Object.entries(FAQS)) {
    await db
      .insertInto('faqs')
      .values(
        faqs.map(([question, answer], position) => ({
          language,
          question,
          answer,
          position,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  for (const [language, body] of Object.entries(TERMS)) {
    await db
      .insertInto('terms')
      .values({ language, version: 1, body, created_by: 'Administrador', created_at: now })
      .execute();
  }
  await db
    .insertInto('projects')
    .values(
      ['Sede Lisboa', 'Obra Norte', 'Equipa Comercial'].map((name) => ({
        name,
        description: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  const password = ctx.config.demoPassword ?? randomPassword(12);
  const employee = await db
    .insertInto('admins')
    .values({
      username: 'loja.ana',
      name: 'Ana Chiado',
      email: 'ana@lojachiado.pt',
      role: 'store',
      kind: 'employee',
      company: 'Loja Chiado',
      password_hash: await hashSecret(password),
      phone: '912000111',
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const adminId = ctx.ids['admin:demo'] ?? null;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  await db
    .insertInto('admin_logs')
    .values([
      {
        admin_id: adminId,
        admin_name: 'Demonstração',
        action: ADMIN_LOG_ACTION.ADMIN_CREATED,
        user_id: employee.id,
        user_name: 'Ana Chiado',
        created_at: day(3),
      },
      {
        admin_id: adminId,
        admin_name: 'Demonstração',
        action: ADMIN_LOG_ACTION.QR_REFRESHED,
        created_at: day(2),
      },
      {
        admin_id: adminId,
        admin_name: 'Demonstração',
        action: ADMIN_LOG_ACTION.ADMIN_UPDATED,
        user_id: ctx.ids['admin:courier'] ?? null,
        user_name: 'Rui Estafeta',
        details: JSON.stringify({ changed: ['phone'] }),
        created_at: day(1),
      },
    ])
    .execute();
}
