import { useId, useState } from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { DialogFormFooter, FormDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "~/components/ui/select";
import { Slider } from "~/components/ui/slider";
import { Textarea } from "~/components/ui/textarea";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { type FieldRefusal, refusalFields } from "~/lib/refusal-fields";
import {
  PRIORITY_LABELS,
  PROJECT_PRIORITIES,
  PROJECT_STATUSES,
  STATUS_LABELS,
} from "~/lib/validation/project-values";
import { type ClientChoice, ClientOptions } from "./client-filter";
import type { ProjectItem } from "./projects-view";

/**
 * 'Create New Project' / 'Edit Project'. Loaded by the Projects page the first time it opens
 * (with its Select and Slider), not with the page (decision 025).
 */
export default function ProjectFormDialog({
  open,
  onOpenChange,
  project,
  clients,
  defaultClient,
  inline = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: ProjectItem | null;
  /** Staff name the client of a new project (null: a contact's is their own). */
  clients: ClientChoice[] | null;
  defaultClient: string | null;
  /**
   * Rendered in place because the address asked for it (`?dialog=new-project`, decision 142):
   * native controls instead of the Select and the Slider, which need JavaScript, and a refusal
   * shown by its field with what was typed.
   */
  inline?: boolean;
}) {
  const { fetcher, busy, result } = useFormOutcome({ onSuccess: () => onOpenChange(false) });
  const [progress, setProgress] = useState(project?.progress ?? 0);
  const ids = useId();
  const { errorFor, typed } = refusalFields(
    inline && result && !result.ok ? (result as FieldRefusal) : null,
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={project ? "Edit Project" : "Create New Project"}
      description={
        project ? "Update the details of this project." : "Add a project to track its progress."
      }
      inline={inline}
    >
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value={project ? "update" : "create"} />
        {project ? <input type="hidden" name="id" value={project.id} /> : null}
        {clients && !project ? (
          <Field label="Client *" error={errorFor("clientId")}>
            <NativeSelect
              name="clientId"
              required
              defaultValue={typed("clientId", defaultClient ?? "")}
            >
              <ClientOptions clients={clients} none="Choose a client" />
            </NativeSelect>
          </Field>
        ) : null}
        <Field label="Title *" error={errorFor("title")}>
          <Input
            name="title"
            required
            maxLength={200}
            defaultValue={typed("title", project?.title ?? "")}
          />
        </Field>
        <Field label="Description" error={errorFor("description")}>
          <Textarea
            name="description"
            rows={3}
            maxLength={2000}
            defaultValue={typed("description", project?.description ?? "")}
          />
        </Field>
        {inline ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Status" error={errorFor("status")}>
              <NativeSelect
                name="status"
                defaultValue={typed("status", project?.status ?? "active")}
              >
                {PROJECT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Priority" error={errorFor("priority")}>
              <NativeSelect
                name="priority"
                defaultValue={typed("priority", project?.priority ?? "medium")}
              >
                {PROJECT_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {PRIORITY_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              label="Progress"
              description="A percentage, 0 to 100 in steps of 5."
              error={errorFor("progress")}
            >
              <Input
                name="progress"
                type="number"
                min={0}
                max={100}
                step={5}
                defaultValue={typed("progress", String(project?.progress ?? 0))}
              />
            </Field>
          </div>
        ) : (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field label="Status">
                <Select name="status" defaultValue={project?.status ?? "active"}>
                  <SelectTrigger className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PROJECT_STATUSES.map((s) => (
                      <SelectItem key={s} value={s}>
                        {STATUS_LABELS[s]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field label="Priority">
                <Select name="priority" defaultValue={project?.priority ?? "medium"}>
                  <SelectTrigger className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PROJECT_PRIORITIES.map((p) => (
                      <SelectItem key={p} value={p}>
                        {PRIORITY_LABELS[p]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
            </div>
            <div className="space-y-3">
              <Label id={`${ids}-progress-label`}>Progress: {progress}%</Label>
              <Slider
                name="progress"
                min={0}
                max={100}
                step={5}
                value={[progress]}
                onValueChange={(v) => setProgress(v[0] ?? 0)}
                aria-label="Progress"
              />
            </div>
          </>
        )}
        {clients && project ? (
          <Field
            label="Announce to the client"
            layout="checkbox"
            description="Without it, this edit shows in the agency's activity only."
          >
            <Checkbox name="announce" />
          </Field>
        ) : null}
        <DialogFormFooter
          submitLabel={project ? "Update" : "Create"}
          busyLabel="Saving..."
          busy={busy}
          onCancel={() => onOpenChange(false)}
          result={result}
        />
      </fetcher.Form>
    </FormDialog>
  );
}
