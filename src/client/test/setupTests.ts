import '@testing-library/jest-dom';
import { server } from './server';

// jest-fixed-jsdom installs Node's FormData (so fetch works), which cannot read a <form>.
// React 19 builds `new FormData(form, submitter)` when a submit handler starts a
// transition, as a router navigation does; this teaches Node's FormData the form case.
const NodeFormData = globalThis.FormData;
class FormDataWithForms extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
      if (!element.name || element.disabled) continue;
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type) && !element.checked) continue;
      if (element instanceof HTMLInputElement && ['submit', 'button', 'reset', 'image'].includes(element.type) && element !== submitter) continue;
      this.append(element.name, element.value);
    }
  }
}
globalThis.FormData = FormDataWithForms as typeof FormData;

// Any request without a handler fails the test: the network is mocked at the edge, never bypassed.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
