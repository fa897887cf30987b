import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // React, React DOM and React Router in one chunk: every page needs all of it, and one
              // file compresses better and costs one request instead of five (decision 0081).
              groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/ }],
            },
          },
        },
      },
    },
    // The server bundle's entry is our Express app (server/app.ts), which imports
    // React Router's virtual server build; server/main.ts loads and runs it.
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
