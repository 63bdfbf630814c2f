import {
  ADMIN_LOG_ACTION,
  DEFAULT_SERVICE_CONFIG,
  USER_TYPE,
  serviceConfigSchema,
  type Project,
  type ServiceConfig,
  type ServiceConfigReply,
  type UserTypeConfig,
} from '@cacifo/contract';
import type { Db, DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import {
  claimSettingsVersion,
  insertIfAbsent,
  settingsVersion,
  updateIfUnchanged,
} from '../../db/versioned.js';
import type { Account } from '../../lib/account.js';
import { adminCommand } from '../admin-logs/admin-command.js';
import { toolsRepository } from '../tools/tools.repository.js';
import { projectsRepository, userTypesRepository } from './catalog.repository.js';

/** Two saves of one name racing past the check meet the unique index: the check's answer. */
const nameTaken = () => new AppError('conflict', { field: 'name' });

const SERVICE_KEY = 'service.config';
const DEFAULT_TYPE_NAMES: Record<string, string> = { employee: 'Colaborador', intern: 'Estagiário' };

/** The service's configuration as saved (defaults for what never was); messages read it in a transaction. */
export async function readServiceConfig(db: DbOrTx): Promise<ServiceConfig> {
  const raw = await toolsRepository.getSetting(db, SERVICE_KEY);
  if (!raw) return DEFAULT_SERVICE_CONFIG;
  const parsed = serviceConfigSchema.safeParse({ ...DEFAULT_SERVICE_CONFIG, ...JSON.parse(raw) });
  return parsed.success ? parsed.data : DEFAULT_SERVICE_CONFIG;
}

/**
 * The hidden screens (docs/adr/0005): /projects lists the projects office users belong to,
 * /user-type sets each user type's label and default validity, /service the operator's own
 * configuration that kiosks and SMS present.
 */
export class CatalogService {
  constructor(private readonly db: Db) {}

  async projects(): Promise<Project[]> {
    return (await projectsRepository.list(this.db)).map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  async saveProject(
    actor: Account,
    id: number | null,
    body: { name: string; description?: string | null | undefined; updatedAt?: string },
  ) {
    if (id !== null && !(await projectsRepository.find(this.db, id))) throw new AppError('notFound');
    if (await projectsRepository.nameTaken(this.db, body.name, id)) throw nameTaken();
    const row = { name: body.name, description: body.description ?? null, now: nowIso() };
    const action = id === null ? ADMIN_LOG_ACTION.PROJECT_CREATED : ADMIN_LOG_ACTION.PROJECT_UPDATED;
    const savedId = await adminCommand(
      this.db,
      actor,
      action,
      async (tx) => {
        if (id === null) return projectsRepository.insert(tx, row);
        const fields = { name: row.name, description: row.description };
        await updateIfUnchanged(tx, 'projects', { column: 'id', value: id }, body.updatedAt ?? '', fields);
        return id;
      },
      { log: (projectId) => ({ details: { projectId, name: row.name } }), onDuplicate: nameTaken },
    );
    return (await this.projects()).find((p) => p.id === savedId)!;
  }

  async deleteProject(actor: Account, id: number): Promise<void> {
    const project = await projectsRepository.find(this.db, id);
    if (!project) throw new AppError('notFound');
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.PROJECT_DELETED,
      (tx) => projectsRepository.remove(tx, id),
      {
        log: { details: { projectId: id, name: project.name } },
      },
    );
  }

  async userTypes(): Promise<UserTypeConfig[]> {
    const saved = new Map((await userTypesRepository.list(this.db)).map((r) => [r.code, r]));
    return Object.values(USER_TYPE).map((code) => {
      const row = saved.get(code);
      return {
        code,
        name: row?.name ?? DEFAULT_TYPE_NAMES[code] ?? code,
        defaultValidDays: row ? row.default_valid_days : code === USER_TYPE.INTERN ? 180 : null,
        updatedAt: row?.updated_at ?? null,
      };
    });
  }

  async saveUserType(
    actor: Account,
    code: string,
    body: { name: string; defaultValidDays: number | null; updatedAt: string | null },
  ) {
    if (!(Object.values(USER_TYPE) as string[]).includes(code)) throw new AppError('notFound');
    const fields = { name: body.name, default_valid_days: body.defaultValidDays };
    const updatedAt = body.updatedAt;
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.USER_TYPE_SAVED,
      async (tx) => {
        if (updatedAt === null)
          await insertIfAbsent(tx, 'user_type_settings', { code, ...fields, updated_at: nowIso() });
        else
          await updateIfUnchanged(
            tx,
            'user_type_settings',
            { column: 'code', value: code },
            updatedAt,
            fields,
          );
      },
      { log: { details: { code, ...fields } } },
    );
    return (await this.userTypes()).find((t) => t.code === code)!;
  }

  async serviceConfig(): Promise<ServiceConfigReply> {
    const [config, updatedAt] = await Promise.all([
      readServiceConfig(this.db),
      settingsVersion(this.db, 'serviceConfig'),
    ]);
    return { ...config, updatedAt };
  }

  /** A stale version (someone saved since the editor read it) is refused and nothing is written. */
  async saveServiceConfig(
    actor: Account,
    { updatedAt, ...config }: ServiceConfig & { updatedAt: string | null },
  ): Promise<ServiceConfigReply> {
    await adminCommand(this.db, actor, ADMIN_LOG_ACTION.SERVICE_CONFIG_UPDATED, async (tx) => {
      const now = await claimSettingsVersion(tx, 'serviceConfig', updatedAt);
      await toolsRepository.setSetting(tx, SERVICE_KEY, JSON.stringify(config), now);
    });
    return this.serviceConfig();
  }
}
