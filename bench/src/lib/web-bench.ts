export async function runWeb(_o: unknown): Promise<unknown> {
  return null;
}
