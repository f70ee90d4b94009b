// The component tests on Preact (jest's client-preact project) run with what the production bundle
// adds to Preact (preactClient.ts), its effect timing among it: effects run once a render is done,
// as they do in the shipped app (and in React's act), never waiting on a frame jest's clock fakes.
import '@client/app/preactClient';
