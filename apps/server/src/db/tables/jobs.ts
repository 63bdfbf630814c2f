interface JobLocksTable {
  name: string;
  owner: string | null;
  locked_until: string;
  last_run_at: string | null;
  last_error: string | null;
}

export interface JobTables {
  job_locks: JobLocksTable;
}
