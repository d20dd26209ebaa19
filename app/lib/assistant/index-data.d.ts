declare module "virtual:assistant-index" {
  const data: import("./engine").AssistantIndexData;
  export default data;
}
