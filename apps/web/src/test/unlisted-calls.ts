/**
 * Calls a test's mockFetch had no answer for, checked after each test (test/setup.ts): a page
 * that asks for something the test did not list fails the test, instead of taking an error path
 * unnoticed. A test that means a call to fail lists it with its status.
 */
export const unlistedCalls: string[] = [];

/** Which test is running (test/setup.ts counts them): a stand-in made by an earlier one records nothing. */
export const currentTest = { number: 0 };
