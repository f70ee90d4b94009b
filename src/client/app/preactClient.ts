// What `react-dom/client` is in the production bundle (scripts/preactRenderer.mts): Preact's root API,
// plus the React behaviours preact/compat leaves out that this app relies on. Each was found by
// running the component tests on Preact; the browser tests (e2e/) check them on the shipped build.
//
// Preact 11.2.0 is pinned exactly: `__e` (a vnode's DOM node) is Preact's mangled name for it, the
// same one preact/compat and preact/hooks read.
import 'preact/compat';

import { options, type VNode } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

type DomVNode = VNode<Record<string, unknown>> & { type: string; __e?: Element | null };

/** Where a number field's controlled value waits for the diff to end (symbols are never props). */
const controlledNumber = Symbol('controlled number value');
const autoFocused = new WeakSet<Element>();

const isDomVNode = (vnode: VNode): vnode is DomVNode => typeof vnode.type === 'string';

// Effects run as soon as a render is done, as React runs them after a click or a key press; Preact
// waits for the next frame. In between, the browser goes on: a menu closed by the click that opened
// a dialog gave the focus back to its button only after the dialog's field had taken it, and the
// dialog's focus trap then took it from both (found by e2e/workspaces.test.ts).
options.requestAnimationFrame = (runEffects) => {
  void Promise.resolve().then(runEffects);
};

const previousVNode = options.vnode;
options.vnode = (vnode) => {
  previousVNode?.(vnode);
  if (!isDomVNode(vnode)) return;
  const props = vnode.props;
  // A number field's value is written after the diff, as React writes it (below): Preact would write
  // it whenever it is not the very string the field holds, so typing "2500." (which the browser reads
  // as "2500", and Formik stores as 2500) put "2500" back and moved the caret: 2500.75 became 752500.
  if (vnode.type === 'input' && props.type === 'number' && 'value' in props) {
    (props as Record<symbol, unknown>)[controlledNumber] = props.value;
    delete props.value;
  }
};

const previousDiffed = options.diffed;
options.diffed = (vnode) => {
  previousDiffed?.(vnode);
  if (!isDomVNode(vnode)) return;
  const dom = vnode.__e;
  if (dom === null || dom === undefined) return;
  const props = vnode.props as Record<string | symbol, unknown>;
  if (controlledNumber in props) writeNumberValue(dom as HTMLInputElement, props[controlledNumber]);
  // React focuses an autoFocus element when it is mounted; Preact only writes the attribute, which a
  // browser honours at page load only, so a dialog's first field went unfocused (and MUI's focus trap
  // then focused the dialog itself). Once per element, as React does; after this render is in the
  // document (the element is not attached yet when its diff ends).
  if (props.autoFocus === true && !autoFocused.has(dom)) {
    autoFocused.add(dom);
    queueMicrotask(() => {
      if (dom.isConnected && dom instanceof HTMLElement) dom.focus();
    });
  }
};

/** React's rule for a controlled number field: leave the text alone while it reads as the same number. */
function writeNumberValue(input: HTMLInputElement, value: unknown): void {
  if (value === null || value === undefined) return;
  // Loose on purpose, as React's: the field's "2500" and Formik's 2500 are the same amount.
  if ((value === 0 && input.value === '') || input.value != value) input.value = String(value);
}
