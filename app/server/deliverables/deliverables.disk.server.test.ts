// The deliverables suite with new files stored in disk (decision 091).
import { deliverablesSuite } from "~/test/deliverables-suite.server";

deliverablesSuite("disk");
