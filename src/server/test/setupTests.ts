// Server tests start real databases and job workers; testTimeout is global in jest, so set it here.
jest.setTimeout(60_000);
