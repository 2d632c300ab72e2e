import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '@/lib/document-title';
import { isFocusAdrift } from '@/lib/focus';
import { useIsHydrated } from '@/lib/use-hydrated';

type PageHeadingProps = ComponentProps<'h1'> & {
  /** The browser tab's title; by default the heading's text when it is a string. */
  documentTitle?: string;
  as?: 'h1' | 'h2';
};

/**
 * A page's heading. When it appears after a navigation (focus then rests on the page itself),
 * it takes focus, so a screen reader starts reading the new content and a keyboard continues from
 * there; it never takes focus from a control the person is using, nor on a page drawn at build
 * time that the app takes over as the browser loads it.
 */
export function PageHeading({
  documentTitle,
  as: Heading = 'h1',
  className = '',
  children,
  ...props
}: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Drawn at build time and taken over as the browser loaded it: focus stays where the browser or
  // the person put it (they may be between two fields of a form they started meanwhile).
  const isHydrated = useIsHydrated();
  const [isTakenOver] = useState(!isHydrated);
  useDocumentTitle(documentTitle ?? (typeof children === 'string' ? children : null));
  useEffect(() => {
    if (!isTakenOver && isFocusAdrift()) ref.current?.focus({ preventScroll: true });
  }, [isTakenOver]);
  return (
    <Heading ref={ref} tabIndex={-1} className={`outline-none ${className}`} {...props}>
      {children}
    </Heading>
  );
}
