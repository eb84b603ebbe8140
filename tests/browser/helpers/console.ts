/** Collects what `console.error` is given while `during` runs, and still prints it. */
export async function consoleErrors(during: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
    original(...args);
  };
  try {
    await during();
  } finally {
    console.error = original;
  }
  return errors;
}
