import {
  LimitNode,
  OperationNodeTransformer,
  type SelectQueryNode,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** Far above any page the lists serve; a larger or odd value stays a parameter. */
const MAX_INLINED = 100_000;

function literal(node: OperationNode): number | null {
  if (!ValueNode.is(node)) return null;
  const v = node.value;
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_INLINED ? v : null;
}

class InlineLimits extends OperationNodeTransformer {
  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    const q = super.transformSelectQuery(node);
    const limit = q.limit && literal(q.limit.limit);
    const offset = q.offset && literal(q.offset.offset);
    if ((limit === null || limit === undefined) && offset !== 0) return q;
    const inlined: { -readonly [K in keyof SelectQueryNode]: SelectQueryNode[K] } = { ...q };
    if (limit !== null && limit !== undefined)
      inlined.limit = LimitNode.create(ValueNode.createImmediate(limit));
    // OFFSET 0 is dropped; a deeper page keeps its parameter: one statement text per page would
    // fill the prepared-statement names (prepared-pool.ts) with pages.
    if (offset === 0) delete inlined.offset;
    return inlined;
  }
}

/**
 * PostgreSQL: LIMIT as a literal (a validated integer) and no `OFFSET 0`. With both sent as
 * parameters the planner cannot cost a generic plan (an unknown LIMIT counts as a tenth of the
 * rows), so every execution of a prepared list query was planned anew (issue #34: 1.38 ms against
 * 0.27 ms per execution); with the literal, the plan cache settles on the generic plan.
 */
export class InlineLimitsPlugin implements KyselyPlugin {
  private readonly transformer = new InlineLimits();

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(node);
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}
