/** Polls every 10 ms until `check` holds (for at most 5 s), e.g. until a delayed request's operation has run. */
export async function until(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await check()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the condition never held");
}
