import { useEffect } from "react";
import { toast as show } from "sonner";

export interface ServerToast {
  type: "success" | "error" | "message";
  title: string;
  description?: string;
}

/** Show a toast the server sent with a redirect (once per toast). */
export function useToastFromServer(toast: ServerToast | null | undefined) {
  useEffect(() => {
    if (!toast) return;
    const fn = toast.type === "success" ? show.success : toast.type === "error" ? show.error : show;
    fn(toast.title, { description: toast.description });
  }, [toast]);
}
