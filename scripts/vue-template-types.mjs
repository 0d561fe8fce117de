// A @custom-elements-manifest/analyzer plugin (custom-elements-manifest.config.mjs) that writes Vue template types for
// the package's elements, dist/vue/index.d.ts (`ag-ui-lit/vue`), with custom-element-vuejs-integration: the elements in
// Vue's `GlobalComponents`, their properties typed by the element classes (`tools` is `AgUiAgent['tools']`), and their
// events as typed `on...` handlers, so vue-tsc and Vue's editor tooling check `<ag-ui-agent :tools="123">`.
//
// The generator reads a view of the manifest, not the manifest itself, because three of its assumptions do not hold here:
// - it keys an attribute by its name (`"max-tool-iterations"`), while Vue's template checker looks a component's
//   attribute up camelized (`maxToolIterations`): the view camelizes attribute names, and lists a property whose name
//   is not its attribute's camelized (`streamIdleTimeoutMs`, attribute `stream-idle-timeout`) under its own name too;
// - it writes an event's handler as `on${name}`, while Vue's template checker looks a `@ag-ui-run-finished` listener up
//   as `onAgUiRunFinished` (`camelize('on-' + name)`): the view names the event `AgUiRunFinished`;
// - it types the handler `(e: CustomEvent<${type}>)`, reading `type` as the detail's type, while the manifest's `type`
//   is the event's (`CustomEvent<RunFinishedDetail>`, as the schema and other manifest tools read it): the view's type
//   is the detail of the element's own event, `HTMLElementEventMap['ag-ui-run-finished']['detail']`, the map that
//   ag-ui-agent.events.ts declares, so the handler's type cannot drift from what the element dispatches.
// It also leaves read-only properties out (`running`): a template cannot set them.
import { customElementVuejsPlugin } from 'custom-element-vuejs-integration';

/** The package entry that exports each element class (and, through it, the element's `HTMLElementEventMap` entries). */
const ENTRY_OF = {
  AgUiAgent: 'ag-ui-lit',
  AgUiThreadList: 'ag-ui-lit/thread-list',
  AgUiToolInspector: 'ag-ui-lit/inspector',
};

/** `max-tool-iterations` -> `maxToolIterations`, as Vue's `camelize`. */
const camelize = (name) => name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
/** `ag-ui-run-finished` -> `AgUiRunFinished`. */
const pascalCase = (name) => camelize(`-${name}`);

/** The manifest as the generator should read it (see the file's comment); `manifest` is left as it is. */
export function vueView(manifest) {
  const view = structuredClone(manifest);
  for (const declaration of view.modules.flatMap((module) => module.declarations ?? [])) {
    if (!declaration.tagName) continue;
    declaration.members = declaration.members
      ?.filter((member) => !member.readonly)
      // The generator lists the fields that have no attribute: take the attribute off the fields whose attribute is
      // named otherwise, so that they are listed under their own names too.
      .map(({ attribute, ...member }) => (attribute && camelize(attribute) === member.name ? { ...member, attribute } : member));
    for (const attribute of declaration.attributes ?? []) attribute.name = camelize(attribute.name);
    for (const event of declaration.events ?? []) {
      event.type = { text: `HTMLElementEventMap["${event.name}"]["detail"]` };
      event.name = pascalCase(event.name);
    }
  }
  return view;
}

/**
 * The analyzer plugin: writes `${outdir}/index.d.ts`.
 * @param {{ outdir: string }} options where the file goes (relative to the package root)
 */
export function vueTemplateTypesPlugin({ outdir }) {
  const generator = customElementVuejsPlugin({
    outdir,
    fileName: 'index.d.ts',
    hideLogs: true,
    componentTypePath: (name, tagName) => {
      const entry = ENTRY_OF[name];
      if (!entry) throw new Error(`vue-template-types: no package entry for <${tagName}> (${name}); add it to ENTRY_OF`);
      return entry;
    },
  });
  return {
    name: 'ag-ui-lit-vue-template-types',
    packageLinkPhase({ customElementsManifest, context }) {
      generator.packageLinkPhase({ customElementsManifest: vueView(customElementsManifest), context });
    },
  };
}
