import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Reads a zip file as a stream, walking its local headers, as Apache POI and NPOI read a workbook from a
 * stream: prints each entry's name, size and CRC-32 as read. */
public class ReadZip {
    public static void main(String[] args) throws Exception {
        try (ZipInputStream in = new ZipInputStream(new BufferedInputStream(new FileInputStream(args[0])))) {
            byte[] buf = new byte[1 << 16];
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                CRC32 crc = new CRC32();
                long n = 0;
                for (int k; (k = in.read(buf)) > 0; n += k) {
                    crc.update(buf, 0, k);
                }
                System.out.printf("%s\t%d\t%08x%n", e.getName(), n, crc.getValue());
            }
        }
    }
}
