import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "../components/not-found.tsx";
import { requireForm } from "../http/read-form.server.ts";

export function loader() {
  return data(null, { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  await requireForm(request, []);
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
