/** Paging and search of the group and schedule lists (selects ask for all of them). */
export interface ListParams {
  max_results: number;
  offset: number;
  search?: string;
}

export const ALL: ListParams = { max_results: 1000, offset: 0 };
