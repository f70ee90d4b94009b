// Browser tests drive a real Chromium against the real server; testTimeout is global in jest, so set it here.
jest.setTimeout(60_000);
