/**
 * TypeDoc plugin of `npm run docs`: a validation warning for every exported function without
 * documentation.
 *
 * Why a plugin: TypeDoc's own `notDocumented` check, once "Function" is required, also requires a
 * comment on every call signature inside an exported type (each method of an interface such as
 * `CartApi.add`, each callback of an inferred machine config), which the project does not ask for.
 * The project's rule is JSDoc on every exported function and type: typedoc.json requires the
 * types, variables and classes, and this plugin the functions of each entry's top level.
 */
import { Converter, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const ref of context.project.getReflectionsByKind(ReflectionKind.Function)) {
      if (!ref.parent?.kindOf(ReflectionKind.Module | ReflectionKind.Project)) continue;
      const documented = ref.hasComment() || (ref.signatures ?? []).some((s) => s.hasComment());
      if (!documented) app.logger.validationWarning(`${ref.getFriendlyFullName()} (exported function) does not have any documentation`);
    }
  });
}
