export async function runRealtime(_o: unknown): Promise<unknown> {
  return null;
}
