// The deliverables suite with new files stored in db (decision 091).
import { deliverablesSuite } from "~/test/deliverables-suite.server";

deliverablesSuite("db");
