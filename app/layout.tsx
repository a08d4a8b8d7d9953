import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/SiteFooter';
import { SERVICE_NAME, SiteHeader } from '@/components/SiteHeader';
import './globals.css';

export const metadata: Metadata = {
  title: { default: SERVICE_NAME, template: `%s · ${SERVICE_NAME}` },
  description:
    'Free topic search and browsing over premium financial newsletters and podcasts; pay per request for ' +
    'AI-synthesized post summaries and daily stock picks with x402, MPP or API-key credits.',
};

export const viewport: Viewport = { themeColor: '#ffffff' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-indigo-800 focus:shadow"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main
          id="main"
          tabIndex={-1}
          className="focus-visible:outline-none mx-auto w-full max-w-6xl flex-1 px-4 pt-8 sm:px-6 sm:pt-12"
        >
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
