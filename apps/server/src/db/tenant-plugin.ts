import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  IdentifierNode,
  OnNode,
  OperationNodeTransformer,
  OperatorNode,
  ParensNode,
  ReferenceNode,
  TableNode,
  ValueNode,
  WhereNode,
  type ColumnUpdateNode,
  type DeleteQueryNode,
  type InsertQueryNode,
  type JoinNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RawNode,
  type RootOperationNode,
  type SelectQueryNode,
  type UnknownRow,
  type UpdateQueryNode,
} from 'kysely';
import { currentTenant, OWNED_TABLES, OWNER_COLUMN } from './tenant-scope.js';

/** A query that would reach past the caller's client and cannot be narrowed: it is not run. */
export class TenantScopeViolation extends Error {
  constructor(what: string) {
    super(
      `tenant scope: ${what} (docs/adr/0200-tenant-scope.md; withoutTenantScope if the rule is across clients)`,
    );
    this.name = 'TenantScopeViolation';
  }
}

/** An owned table named in SQL text, which the plugin cannot narrow. */
const RAW_OWNED = new RegExp(
  `\\b(from|join|into|update|using)\\s+"?(${[...OWNED_TABLES].join('|')})"?(?![\\w.])`,
  'i',
);

let observed = 0;
/** How many queries the plugin narrowed (tests: proof that a scoped path went through it). */
export const tenantScopeStats = {
  get narrowed() {
    return observed;
  },
};

/**
 * The first wall (ADR 0200): while a client scope is active, every SELECT, UPDATE and DELETE that
 * reads an owned table, in its FROM, its joins or any subquery, gains `<table or alias>.company =
 * <client>`; an INSERT into an owned table must carry the client as its company, and an UPDATE
 * may not move a row to another. Raw SQL that names an owned table cannot be narrowed and is
 * refused. Without a scope the query passes untouched (operator staff, jobs).
 */
export class TenantScopePlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const client = currentTenant();
    if (client === null) return args.node;
    observed++;
    return new TenantScopeTransformer(client).transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

function identifierName(node: OperationNode): string | undefined {
  return IdentifierNode.is(node) ? node.name : undefined;
}

/** The name a query refers to an owned table by (its alias, else its name); undefined when not owned. */
function ownedRef(node: OperationNode): string | undefined {
  if (TableNode.is(node)) {
    const name = node.table.identifier.name;
    return OWNED_TABLES.has(name) ? name : undefined;
  }
  if (AliasNode.is(node) && TableNode.is(node.node) && OWNED_TABLES.has(node.node.table.identifier.name))
    return identifierName(node.alias);
  return undefined;
}

class TenantScopeTransformer extends OperationNodeTransformer {
  constructor(private readonly client: string) {
    super();
  }

  private owns(ref: string): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(OWNER_COLUMN), TableNode.create(ref)),
      OperatorNode.create('='),
      ValueNode.create(this.client),
    );
  }

  private and(existing: OperationNode | undefined, refs: string[]): OperationNode | undefined {
    let out: OperationNode | undefined = existing && ParensNode.create(existing);
    for (const ref of refs) out = out ? AndNode.create(out, this.owns(ref)) : this.owns(ref);
    return out;
  }

  private where(where: WhereNode | undefined, tables: readonly OperationNode[]): WhereNode | undefined {
    const refs = tables.map(ownedRef).filter((r): r is string => r !== undefined);
    if (refs.length === 0) return where;
    return WhereNode.create(this.and(where?.where, refs)!);
  }

  /** An owned table joined: the condition goes into ON, so a left join keeps its row without theirs. */
  private joins(joins: readonly JoinNode[] | undefined, outer: OperationNode[]): JoinNode[] | undefined {
    return joins?.map((j) => {
      const ref = ownedRef(j.table);
      if (ref === undefined) return j;
      if (!j.on) {
        outer.push(j.table);
        return j;
      }
      return { ...j, on: OnNode.create(this.and(j.on.on, [ref])!) };
    });
  }

  private checkUpdates(updates: readonly ColumnUpdateNode[] | undefined, table: string): void {
    for (const u of updates ?? []) {
      const col = ColumnNode.is(u.column) ? u.column.column.name : undefined;
      if (col !== OWNER_COLUMN) continue;
      if (!ValueNode.is(u.value) || u.value.value !== this.client)
        throw new TenantScopeViolation(`an update moves ${table} rows to another client`);
    }
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const t = super.transformSelectQuery(node, queryId);
    const outer = [...(t.from?.froms ?? [])];
    const joins = this.joins(t.joins, outer);
    return { ...t, ...(joins ? { joins } : {}), where: this.where(t.where, outer) } as SelectQueryNode;
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const t = super.transformUpdateQuery(node, queryId);
    const outer = [...(t.table ? [t.table] : []), ...(t.from?.froms ?? [])];
    const ref = t.table && ownedRef(t.table);
    if (ref) this.checkUpdates(t.updates, ref);
    const joins = this.joins(t.joins, outer);
    return { ...t, ...(joins ? { joins } : {}), where: this.where(t.where, outer) } as UpdateQueryNode;
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const t = super.transformDeleteQuery(node, queryId);
    const outer = [...t.from.froms, ...(t.using?.tables ?? [])];
    const joins = this.joins(t.joins, outer);
    return { ...t, ...(joins ? { joins } : {}), where: this.where(t.where, outer) } as DeleteQueryNode;
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const t = super.transformInsertQuery(node, queryId);
    const table = t.into && ownedRef(t.into);
    if (!table) return t;
    const at = (t.columns ?? []).findIndex((c) => c.column.name === OWNER_COLUMN);
    const values = t.values;
    if (at < 0 || !values || values.kind !== 'ValuesNode')
      throw new TenantScopeViolation(`an insert into ${table} names no client`);
    for (const row of (values as unknown as { values: readonly OperationNode[] }).values) {
      const v =
        row.kind === 'PrimitiveValueListNode'
          ? (row as unknown as { values: unknown[] }).values[at]
          : ((row as unknown as { values: OperationNode[] }).values[at] as ValueNode | undefined)?.value;
      if (v !== this.client) throw new TenantScopeViolation(`an insert into ${table} names another client`);
    }
    const oc = t.onConflict;
    if (!oc?.updates) return t;
    this.checkUpdates(oc.updates, table);
    return {
      ...t,
      onConflict: { ...oc, updateWhere: this.where(oc.updateWhere, [TableNode.create(table)]) },
    };
  }

  protected override transformRaw(node: RawNode, queryId?: QueryId): RawNode {
    const t = super.transformRaw(node, queryId);
    const named = t.parameters.some((p) => TableNode.is(p) && OWNED_TABLES.has(p.table.identifier.name));
    if (named || RAW_OWNED.test(t.sqlFragments.join(' ? ')))
      throw new TenantScopeViolation(`raw SQL on an owned table: ${t.sqlFragments.join('?').slice(0, 120)}`);
    return t;
  }
}
