export async function runImport(_o: unknown): Promise<unknown> {
  return null;
}
