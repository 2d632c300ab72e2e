import { type ComponentProps, useEffect, useRef } from 'react';
import { useDocumentTitle } from '@/lib/document-title';
import { isFocusAdrift } from '@/lib/focus';

type PageHeadingProps = ComponentProps<'h1'> & {
  /** The browser tab's title; by default the heading's text when it is a string. */
  documentTitle?: string;
  as?: 'h1' | 'h2';
};

/**
 * A page's heading. When it appears after a navigation (focus then rests on the page itself),
 * it takes focus, so a screen reader starts reading the new content and a keyboard continues from
 * there; it never takes focus from a control the person is using.
 */
export function PageHeading({
  documentTitle,
  as: Heading = 'h1',
  className = '',
  children,
  ...props
}: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(documentTitle ?? (typeof children === 'string' ? children : null));
  useEffect(() => {
    if (isFocusAdrift()) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Heading ref={ref} tabIndex={-1} className={`outline-none ${className}`} {...props}>
      {children}
    </Heading>
  );
}
