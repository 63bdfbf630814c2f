import type { CallInput } from '@cacifo/contract/endpoint';
import type { officeApi } from '@cacifo/contract/endpoints/office';

/** Paging and search of the group and schedule lists (one query schema for both). */
export type ListParams = NonNullable<CallInput<typeof officeApi.userGroups>['query']>;

/** What the selects ask for: every group or schedule. */
export const ALL: ListParams = { max_results: 1000, offset: 0 };
