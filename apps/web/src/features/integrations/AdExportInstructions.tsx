import { List, Text } from '@mantine/core';

/** How to get the file from Ads Manager, in the words of its menus. */
export function AdExportInstructions() {
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        How to export from Ads Manager
      </Text>
      <List type="ordered" size="sm" spacing={2}>
        <List.Item>In Meta Ads Manager, open the Ads tab (ad level) and choose the date range.</List.Item>
        <List.Item>
          Under Breakdown → By time, choose <b>Day</b>. Age, Gender, Country and Placement breakdowns are read
          too.
        </List.Item>
        <List.Item>
          Open Reports → <b>Export table data</b>, and save it as CSV or XLSX.
        </List.Item>
        <List.Item>Upload that file here. Exports in English, French and Spanish are read.</List.Item>
      </List>
      <Text size="xs" c="dimmed" mt={4}>
        Importing the same ads and days again replaces their figures; nothing is counted twice.
      </Text>
    </div>
  );
}
