import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { target: "es2022" },
  // The server build's entry is the Node front, which imports the app's server build itself
  // (React Router's node-custom-server template): one bundle, one copy of every module.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
});
