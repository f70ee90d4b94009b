import '@testing-library/jest-dom';

import { configure } from '@testing-library/react';

import { flushEmotionCaches } from './emotionCache';
import { server } from './server';

// Time limits sized for a loaded machine, not a quiet one. `npm test` runs the client, server
// and e2e projects side by side, jest's workers compete for two cores, and a clean clone also
// transforms every module on first use: a render that takes 100 ms alone can take well over a
// second then. The causes that do not depend on load are removed in the tests themselves (pages
// are preloaded with preloadPages and render without suspending; a wait on a timer uses jest's
// fake clock, see fakeClock.ts); these limits only stop a starved CPU from turning into a
// failure. They are ceilings, not delays: a passing findBy*/waitFor returns as soon as its
// element appears.
// - findBy*/waitFor wait up to 5 s (Testing Library's default, 1 s, is the first to run out).
// - A test or hook gets 30 s (jest's default, 5 s, is within reach of the longest screen tests
//   under load), well above the 5 s so a missing element fails with its own message and DOM.
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(30_000);

// jest-fixed-jsdom installs Node's FormData (so fetch works), which cannot read a <form>.
// React 19 builds `new FormData(form, submitter)` when a submit handler starts a
// transition, as a router navigation does; this teaches Node's FormData the form case.
const NodeFormData = globalThis.FormData;
class FormDataWithForms extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      if (!(
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      ))
        continue;
      if (!element.name || element.disabled) continue;
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type) && !element.checked)
        continue;
      if (
        element instanceof HTMLInputElement &&
        ['submit', 'button', 'reset', 'image'].includes(element.type) &&
        element !== submitter
      )
        continue;
      this.append(element.name, element.value);
    }
  }
}
globalThis.FormData = FormDataWithForms as typeof FormData;

// Any request without a handler fails the test: the network is mocked at the edge, never bypassed.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  flushEmotionCaches();
  // A test of what runs without a page (the build's prerender, @jest-environment node) has no storage.
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
