import type { Generated } from 'kysely';

/** Admin tool texts (kiosk screens, SMS templates) in the four content languages. */
export interface ToolTextsTable {
  key: string;
  pt: string;
  en: string;
  es: string;
  fr: string;
  updated_at: string;
}

/** Terms: one row per saved version per language; the highest version is in force. */
export interface TermsTable {
  id: Generated<number>;
  language: string;
  version: number;
  body: string;
  created_by: string;
  created_at: string;
}

export interface FaqsTable {
  id: Generated<number>;
  language: string;
  question: string;
  answer: string;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface ProjectsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

interface UserTypeSettingsTable {
  code: string;
  name: string;
  default_valid_days: number | null;
  updated_at: string;
}

/** Columns this area adds to `admins` (migration 0005), merged into the foundation row type. */
declare module './foundation.js' {
  interface AdminsTable {
    /** staff, screen or employee (ACCOUNT_KIND). */
    kind: Generated<string>;
    pin_lookup: string | null;
  }
}

export interface AdminTables {
  tool_texts: ToolTextsTable;
  terms: TermsTable;
  faqs: FaqsTable;
  projects: ProjectsTable;
  user_type_settings: UserTypeSettingsTable;
}
