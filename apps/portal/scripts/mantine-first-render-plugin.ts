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

// Three @mantine/core components update their state from the commit of their first render, where React renders the
// update at once, synchronously, inside the commit's task, and first flushes every passive effect of the page into the
// same task (docs/decisions/0123). On a first visit of /transactions that re-render was about 40 % of the commit's
// task (issue 16 §2). Each patch is an exact piece of the installed file; if an upgrade changes it, the build stops
// and says which (compare the file with the patch, then update or drop it).
//  - Portal: renders nothing until a layout effect has found its node, then renders again with it. Its default node is
//    Mantine's one shared node (reuseTargetNode), which the first render can find (or make) just as the effect does.
//  - Popover: its target's ref stores the node in three states (Mantine's own for click-outside, two of floating-ui's),
//    for positioning a dropdown that is closed. While it is closed those updates are a transition, so React renders
//    them after the commit, in slices; when open they stay urgent, as before.
//  - ScrollArea: its root, viewport, content and scrollbars store their elements from their refs; those stores are
//    transitions too (the scrollbars' sizes still come from ResizeObserver).
/** A module of @mantine/core's ESM build, by its path under `esm/components` ('Portal/Portal.mjs'). */
function coreComponent(path: string): RegExp {
  const parts = ['@mantine', 'core', 'esm', 'components', ...path.split('/')].map((part) =>
    part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`[\\\\/]${parts.join('[\\\\/]')}$`);
}

const PATCHES: Array<{ module: RegExp; name: string; edits: Array<[from: string, to: string]> }> = [
  {
    module: coreComponent('Portal/Portal.mjs'),
    name: '@mantine/core Portal',
    edits: [
      [
        `const [mounted, setMounted] = useState(false);
	const nodeRef = useRef(null);`,
        `const sharedNode = !target && reuseTargetNode && typeof document !== "undefined";
	const [mounted, setMounted] = useState(sharedNode);
	const nodeRef = useRef(null);
	if (sharedNode && nodeRef.current === null) nodeRef.current = getTargetNode({
		target,
		reuseTargetNode,
		...others
	});`,
      ],
    ],
  },
  {
    module: coreComponent('Popover/Popover.mjs'),
    name: '@mantine/core Popover',
    edits: [
      [
        'import { useCallback, useRef, useState } from "react";',
        'import { startTransition, useCallback, useRef, useState } from "react";',
      ],
      [
        `const reference = useCallback((node) => {
		setTargetNode(node);
		popover.floating.refs.setReference(node);
	}, [popover.floating.refs.setReference]);`,
        `const openedRef = useRef(popover.opened);
	openedRef.current = popover.opened;
	const reference = useCallback((node) => {
		const store = () => {
			setTargetNode(node);
			popover.floating.refs.setReference(node);
		};
		if (openedRef.current) store();
		else startTransition(store);
	}, [popover.floating.refs.setReference]);`,
      ],
    ],
  },
  {
    module: coreComponent('ScrollArea/ScrollArea.mjs'),
    name: '@mantine/core ScrollArea',
    edits: [
      [
        'import { useCallback, useEffectEvent, useRef, useState } from "react";',
        'import { startTransition, useCallback, useEffectEvent, useRef, useState } from "react";',
      ],
      [
        `const viewportCallbackRef = useCallback((node) => {
		setViewportElement((current) => current === node ? current : node);
	}, []);`,
        `const viewportCallbackRef = useCallback((node) => {
		startTransition(() => setViewportElement((current) => current === node ? current : node));
	}, []);`,
      ],
    ],
  },
  {
    module: coreComponent('ScrollArea/ScrollAreaRoot/ScrollAreaRoot.mjs'),
    name: '@mantine/core ScrollAreaRoot',
    edits: [
      ['import { useState } from "react";', 'import { startTransition, useState } from "react";'],
      [
        'const rootRef = useMergedRef(ref, setScrollArea);',
        `const [later] = useState(() => ({
		scrollArea: (node) => startTransition(() => setScrollArea(node)),
		viewport: (node) => startTransition(() => setViewport(node)),
		content: (node) => startTransition(() => setContent(node)),
		scrollbarX: (node) => startTransition(() => setScrollbarX(node)),
		scrollbarY: (node) => startTransition(() => setScrollbarY(node))
	}));
	const rootRef = useMergedRef(ref, later.scrollArea);`,
      ],
      ['onViewportChange: setViewport,', 'onViewportChange: later.viewport,'],
      ['onContentChange: setContent,', 'onContentChange: later.content,'],
      ['onScrollbarXChange: setScrollbarX,', 'onScrollbarXChange: later.scrollbarX,'],
      ['onScrollbarYChange: setScrollbarY,', 'onScrollbarYChange: later.scrollbarY,'],
    ],
  },
  {
    module: coreComponent('ScrollArea/ScrollAreaScrollbar/Scrollbar.mjs'),
    name: '@mantine/core ScrollArea Scrollbar',
    edits: [
      [
        'import { useEffect, useEffectEvent, useRef, useState } from "react";',
        'import { startTransition, useEffect, useEffectEvent, useRef, useState } from "react";',
      ],
      [
        'const composeRefs = useMergedRef(ref, setScrollbar);',
        `const [storeScrollbar] = useState(() => (node) => startTransition(() => setScrollbar(node)));
	const composeRefs = useMergedRef(ref, storeScrollbar);`,
      ],
    ],
  },
];

/** Applies PATCHES to a module's code, or throws when one no longer matches the installed file. */
export function patchMantine(code: string, id: string): string | null {
  const patch = PATCHES.find(({ module }) => module.test(id));
  if (!patch) return null;
  let patched = code;
  for (const [from, to] of patch.edits) {
    if (!patched.includes(from))
      throw new Error(
        `mantine-first-render-plugin: ${patch.name} (${id}) no longer contains the code its patch replaces; see docs/decisions/0123`,
      );
    patched = patched.replace(from, to);
  }
  return patched;
}

/**
 * Replaces @mantine/hooks' useId and useMediaQuery with versions that have their value in the first render, and
 * patches Mantine's Portal, Popover and ScrollArea so their first commit schedules no urgent re-render.
 */
export function mantineFirstRenderValues(): Plugin {
  return {
    name: 'mp-mantine-first-render-values',
    apply: 'build',
    load(id) {
      return REPLACEMENTS.find(({ module }) => module.test(id))?.source ?? null;
    },
    transform(code, id) {
      const patched = patchMantine(code, id);
      return patched === null ? null : { code: patched, map: null };
    },
  };
}
