import type { CallInput } from '@cacifo/contract/endpoint';
import type { officeApi } from '@cacifo/contract/endpoints/office';

/** The groups list's query (filters, sort, page) as the contract takes it. */
export type GroupsQuery = NonNullable<CallInput<typeof officeApi.userGroups>['query']>;
/** The schedules list's query. */
export type SchedulesQuery = NonNullable<CallInput<typeof officeApi.schedules>['query']>;

/** What the selects ask for: every group or schedule (by name). */
export const ALL = { max_results: 1000, offset: 0 } as const;
