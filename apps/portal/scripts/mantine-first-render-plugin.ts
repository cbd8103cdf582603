import type { Plugin } from 'vite';

// Two @mantine/hooks hooks render the components that call them a second time right after their first render, for
// a value they could have had in the first (docs/decisions/0122). On a first visit those second renders are not
// time-sliced: an update from a layout effect runs inside the commit's task, one from a passive effect as one
// synchronous render, so each made the longest tasks of the page longer (issue 16 §2).
//  - useId: the first render uses an id made from React's useId, then a layout effect replaces it with a random one
//    (every Select, Popover, Tooltip and labelled input; 20 of the 66 non-transition updates of /transactions).
//    React's id is unique in the root and stable, and the portal has one root and no server rendering: keep it.
//  - useMediaQuery (every Transition, so every Popover, Tooltip and Menu, through useReducedMotion; every cell and the
//    pagination of mantine-datatable): the first render has the caller's initial value (or none), a passive effect
//    then sets the real one from matchMedia (29 of home's 57 updates; its tables' pagination starts as "wide" on a
//    phone). With no server rendering the first render can read matchMedia, as useMediaQuery does when asked to
//    (getInitialValueInEffect: false, now the default); the effect still follows changes, and first sets the value
//    the state already has (no render).
const REPLACEMENTS: Array<{ module: RegExp; source: string }> = [
  {
    module: /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/,
    source: `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`,
  },
  {
    module: /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-media-query[\\/]use-media-query\.mjs$/,
    source: `import { useEffect, useState } from 'react';
function matchesNow(query) {
  try {
    return window.matchMedia(query).matches;
  } catch {
    return false;
  }
}
export function useMediaQuery(query, initialValue, { getInitialValueInEffect } = { getInitialValueInEffect: false }) {
  const [matches, setMatches] = useState(() => (getInitialValueInEffect ? initialValue : matchesNow(query)));
  useEffect(() => {
    let mediaQuery;
    try {
      mediaQuery = window.matchMedia(query);
    } catch {
      return;
    }
    setMatches(mediaQuery.matches);
    const callback = (event) => setMatches(event.matches);
    mediaQuery.addEventListener('change', callback);
    return () => mediaQuery.removeEventListener('change', callback);
  }, [query]);
  return matches || false;
}
`,
  },
];

/** Replaces @mantine/hooks' useId and useMediaQuery with versions that have their value in the first render. */
export function mantineFirstRenderValues(): Plugin {
  return {
    name: 'mp-mantine-first-render-values',
    apply: 'build',
    load(id) {
      return REPLACEMENTS.find(({ module }) => module.test(id))?.source ?? null;
    },
  };
}
