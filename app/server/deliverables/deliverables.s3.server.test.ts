// The deliverables suite with new files stored in s3 (decision 091).
import { deliverablesSuite } from "~/test/deliverables-suite.server";

deliverablesSuite("s3");
