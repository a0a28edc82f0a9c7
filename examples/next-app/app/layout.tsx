import Link from "next/link";
import type { ReactNode } from "react";
import { Providers } from "./providers";

export const metadata = { title: "Petstore on Next.js" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", margin: "1rem auto", maxWidth: 760 }}>
        <nav style={{ display: "flex", gap: "1rem" }}>
          <Link href="/">Pets</Link>
          <Link href="/orders">Orders</Link>
        </nav>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
