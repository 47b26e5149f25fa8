import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Reads zip files, named one a line on the standard input, as streams, walking their local headers, as
 * Apache POI and NPOI read a workbook from a stream: for each file, as soon as it is read, prints a line
 * "== FILE", then each entry's name, size and CRC-32 as read, or a line "!! " and the error that stopped
 * the reading. */
public class ReadZip {
    public static void main(String[] args) throws IOException {
        byte[] buf = new byte[1 << 16];
        BufferedReader paths = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
        for (String path; (path = paths.readLine()) != null; ) {
            System.out.println("== " + path);
            try (ZipInputStream in = new ZipInputStream(new BufferedInputStream(new FileInputStream(path)))) {
                for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                    CRC32 crc = new CRC32();
                    long n = 0;
                    for (int k; (k = in.read(buf)) > 0; n += k) {
                        crc.update(buf, 0, k);
                    }
                    System.out.printf("%s\t%d\t%08x%n", e.getName(), n, crc.getValue());
                }
            } catch (Exception e) {
                System.out.println("!! " + String.valueOf(e).replace('\n', ' '));
            }
            System.out.flush();
        }
    }
}
