/**
 * Where the clocks of the suites that read the sandbox's world start. The world is a function of
 * its seed and of the day: which campaigns deliver, which ads are live, what the optimizer finds
 * (on 2026-12-02 account A of the MCP suites has no credible gain and no plan to follow). A suite
 * whose clock started at today's date could pass one day and fail the next with nothing changed,
 * so every such suite starts on this fixed day and moves its clock from there.
 */
export const SANDBOX_TEST_START = '2026-12-01T12:00:00Z';
